using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace Bookstore.Domain;

/// <summary>Anything with a stable numeric identity.</summary>
public interface IEntity
{
    int Id { get; }
}

/// <summary>Read side of a repository.</summary>
public interface IReadRepository<T> where T : class, IEntity
{
    int Count { get; }

    T? FindById(int id);

    IReadOnlyList<T> All();
}

/// <summary>Full repository: reads plus writes.</summary>
public interface IRepository<T> : IReadRepository<T> where T : class, IEntity
{
    void Add(T entity);

    bool Remove(int id);

    Task SaveChangesAsync(CancellationToken cancellationToken = default);
}
